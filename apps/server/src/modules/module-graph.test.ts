import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findCycles } from '../../../../scripts/import-graph';
import { moduleOf, moduleSourceFiles, MODULES } from '../testing/module-sources';

/**
 * Modules may depend on each other only one way: a loop (orders -> notifications -> orders) means neither can be
 * understood, tested or moved without the other. This reads every import of the modules' code (tests left out) and
 * fails naming each loop, with a file that makes each step of it.
 */

/** For each module, the modules it imports, each with one file that does (to name in a failure). */
type ModuleGraph = Map<string, Map<string, string>>;

/** The module-level graph of the modules' imports (static, type-only, re-exports and dynamic ones alike). */
function readModuleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of moduleSourceFiles()) {
    const from = moduleOf(file);
    if (!from) continue; // registry.ts mounts every module: it is the root, not a module
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = moduleOf(resolve(dirname(file), fileName));
      if (to && to !== from && !edges.has(to)) edges.set(to, relative(MODULES, file));
    }
  }
  return graph;
}

/** "a -> b (a/x.ts) -> a (b/y.ts)": each step with a file that makes it. */
const describeLoop = (graph: ModuleGraph, loop: string[]) =>
  loop.slice(1).reduce((text, to, i) => `${text} -> ${to} (${graph.get(loop[i]!)!.get(to)})`, loop[0]!);

/**
 * Loops that are known and owned elsewhere, each with what ends it. Remove an entry when its loop is gone (the test
 * fails until you do, so the list cannot go stale); never add one to make a new loop pass.
 */
const KNOWN_LOOPS: Record<string, string> = {};

describe('module graph', () => {
  it('finds each loop of a small graph, and none where there is none', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'e', 'd'],
    ]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['f', ['a', 'c']],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the modules: the order lifecycle calls notifications, which know nothing of orders', () => {
    const graph = readModuleGraph();
    expect(graph.get('orders')?.get('notifications')).toMatch(/^orders\//);
    expect(graph.get('notifications')?.has('orders')).toBe(false);
  });

  it('has no module that imports, through others, back into itself', () => {
    const graph = readModuleGraph();
    const imports = new Map([...graph].map(([module, edges]) => [module, [...edges.keys()]]));
    const loops = findCycles(imports).map((loop) => ({ loop: loop.join(' -> '), where: describeLoop(graph, loop) }));
    expect(loops.filter((l) => !(l.loop in KNOWN_LOOPS)).map((l) => l.where)).toEqual([]);
    // A known loop that has been broken must leave the list.
    expect(Object.keys(KNOWN_LOOPS).filter((known) => !loops.some((l) => l.loop === known))).toEqual([]);
  });
});
