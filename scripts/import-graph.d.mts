// Types of scripts/import-graph.mjs for the TypeScript tests that import it.
export interface GroupCycle {
  members: string[];
  via: { from: string; to: string; example: string }[];
}
export function groupCycles(
  modules: { source: string; dependencies?: { resolved: string }[] }[],
  pattern: string,
  testPaths?: string[],
): GroupCycle[];
export function checkImportGraph(root?: string, sources?: string[]): Promise<string[]>;
