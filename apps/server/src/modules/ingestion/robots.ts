/** The rules of one robots.txt that apply to us: the group naming PriceHub, else the `*` group. */
export interface RobotsRules {
  allows(path: string): boolean;
}

/**
 * Limits on what a store's robots.txt may make us do (Google reads 500 KiB). Past them the file is cut: rules
 * after the first MAX_RULES are not read, and a pattern longer than MAX_RULE_LENGTH is shortened when it
 * disallows (a prefix disallows more) and dropped when it allows, so a cut never opens a page that was closed.
 */
export const ROBOTS_MAX_BYTES = 500 * 1024;
export const ROBOTS_MAX_RULES = 1000;
export const ROBOTS_MAX_RULE_LENGTH = 512;
/** A longer path is never fetched: no store page needs one, and it bounds the cost of matching. */
export const ROBOTS_MAX_PATH_LENGTH = 2048;

interface Rule {
  allow: boolean;
  path: string;
  /** The pattern cut at each `*`; a trailing `$` anchors the last part at the end. */
  parts: string[];
  anchored: boolean;
}

function rule(allow: boolean, pattern: string): Rule | undefined {
  let path = pattern;
  if (path.length > ROBOTS_MAX_RULE_LENGTH) {
    if (allow) return undefined;
    path = path.slice(0, ROBOTS_MAX_RULE_LENGTH);
  }
  const anchored = path.endsWith('$');
  return { allow, path, anchored, parts: (anchored ? path.slice(0, -1) : path).split('*') };
}

/**
 * RFC 9309 matching without a regular expression: the first part is a prefix, each later part is found with
 * indexOf after the one before (the leftmost place is always the best one for `*`), and an anchored pattern's last
 * part must end the path. Each part is searched once, so a pattern like `/*a*a*a*…` costs one pass, not the
 * exponential backtracking a `.*` regular expression does on a long URL.
 */
export function matchesPattern(r: Pick<Rule, 'parts' | 'anchored'>, path: string): boolean {
  const { parts, anchored } = r;
  const first = parts[0]!;
  if (!path.startsWith(first)) return false;
  if (parts.length === 1) return anchored ? path.length === first.length : true;
  let at = first.length;
  const middle = anchored ? parts.length - 1 : parts.length;
  for (let i = 1; i < middle; i++) {
    const found = path.indexOf(parts[i]!, at);
    if (found < 0) return false;
    at = found + parts[i]!.length;
  }
  if (!anchored) return true;
  const last = parts[parts.length - 1]!;
  return path.length - last.length >= at && path.endsWith(last);
}

export function parseRobots(body: string, agent = 'pricehub'): RobotsRules {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  let ruleCount = 0;
  // Cut at a line end: a half line could be an Allow that says more than the whole one.
  const text =
    body.length > ROBOTS_MAX_BYTES ? body.slice(0, Math.max(0, body.lastIndexOf('\n', ROBOTS_MAX_BYTES))) : body;
  for (const rawLine of text.split(/\r?\n/)) {
    const hash = rawLine.indexOf('#');
    const line = (hash < 0 ? rawLine : rawLine.slice(0, hash)).trim();
    const sep = line.indexOf(':');
    if (sep < 0) continue;
    const field = line.slice(0, sep).trim().toLowerCase();
    const value = line.slice(sep + 1).trim();
    if (field === 'user-agent') {
      if (!lastWasAgent || !current) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if ((field === 'allow' || field === 'disallow') && current) {
      const parsed = value && ruleCount < ROBOTS_MAX_RULES ? rule(field === 'allow', value) : undefined;
      if (parsed) {
        current.rules.push(parsed);
        ruleCount++;
      }
      lastWasAgent = false;
    } else {
      lastWasAgent = false;
    }
  }
  const group =
    groups.find((g) => g.agents.some((a) => a !== '*' && agent.includes(a))) ??
    groups.find((g) => g.agents.includes('*'));
  const rules = group?.rules ?? [];
  return {
    // The longest matching rule wins; on a tie Allow wins (Google's reading of RFC 9309).
    allows(path) {
      if (path.length > ROBOTS_MAX_PATH_LENGTH) return false;
      let best: Rule | undefined;
      for (const r of rules) {
        if (best && (r.path.length < best.path.length || (r.path.length === best.path.length && !r.allow))) continue;
        if (matchesPattern(r, path)) best = r;
      }
      return best?.allow ?? true;
    },
  };
}
