/** Loops in an import graph: used by the checks that modules (server) and files (web) import one way only. */

/**
 * The loops of an import graph (modules, or files), each as a path that starts and ends at the same node, e.g.
 * ['catalog', 'offers', 'catalog']: within each strongly connected group (Tarjan's algorithm), a shortest loop through each member, so
 * every node caught in a loop is named.
 */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops = new Map<string, string[]>();
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set(stack.splice(stack.indexOf(node)));
    if (group.size < 2) return;
    for (const member of group) {
      const loop = startAtFirst(shortestLoop(graph, group, member));
      loops.set(loop.join(), loop);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return [...loops.values()].sort((a, b) => a.join().localeCompare(b.join()));
}

/** A shortest path from `start` back to itself, staying inside its group (breadth first). */
function shortestLoop(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const to of graph.get(node) ?? []) {
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (group.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  throw new Error(`${start} is in a loop, yet no path leads back to it`);
}

/** The same loop, told from its first node by name: b -> a -> b becomes a -> b -> a. */
function startAtFirst(loop: string[]): string[] {
  const ring = loop.slice(0, -1);
  const first = ring.indexOf([...ring].sort()[0]!);
  const turned = [...ring.slice(first), ...ring.slice(0, first)];
  return [...turned, turned[0]!];
}
