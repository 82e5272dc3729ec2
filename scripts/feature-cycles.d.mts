/** Feature -> the features it imports, each with the first file seen importing it. */
export type FeatureGraph = Map<string, Map<string, string>>;

export function featuresIn(dir: string): string[];
export function featureGraph(featuresDir: string): FeatureGraph;
export function cyclesOf(graph: FeatureGraph): string[][];
