/** The rules of one robots.txt that apply to us: the group naming PriceHub, else the `*` group. */
export interface RobotsRules {
  allows(path: string): boolean;
}

export function parseRobots(body: string, agent = 'pricehub'): RobotsRules {
  const groups: { agents: string[]; rules: { allow: boolean; path: string }[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  let lastWasAgent = false;
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const sep = line.indexOf(':');
    if (sep < 0) continue;
    const field = line.slice(0, sep).trim().toLowerCase();
    const value = line.slice(sep + 1).trim();
    if (field === 'user-agent') {
      if (!lastWasAgent || !current) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if ((field === 'allow' || field === 'disallow') && current) {
      if (value) current.rules.push({ allow: field === 'allow', path: value });
      lastWasAgent = false;
    } else {
      lastWasAgent = false;
    }
  }
  const group =
    groups.find((g) => g.agents.some((a) => a !== '*' && agent.includes(a))) ??
    groups.find((g) => g.agents.includes('*'));
  const rules = group?.rules ?? [];
  const matches = (pattern: string, path: string) => {
    const anchored = pattern.endsWith('$');
    const source = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
  };
  return {
    // The longest matching rule wins; on a tie Allow wins (Google's reading of RFC 9309).
    allows(path) {
      let best: { allow: boolean; path: string } | undefined;
      for (const rule of rules) {
        if (!matches(rule.path, path)) continue;
        if (!best || rule.path.length > best.path.length || (rule.path.length === best.path.length && rule.allow))
          best = rule;
      }
      return best?.allow ?? true;
    },
  };
}
