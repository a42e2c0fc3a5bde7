// Types of bench-figures.mjs for the TypeScript benches that import it.
export interface BenchFigure {
  /** What was measured. */
  what: string;
  /** The figure, with its unit. */
  figure: string;
  /** The aim it is held against, if it has one. */
  aim?: string;
  /** Whether the aim is met. */
  met?: boolean;
}

export const FIGURES_DIR: string;
export function writeBenchFigures(run: {
  bench: string;
  order: number;
  figures: BenchFigure[];
  notes?: string;
}): void;
export function readBenchFigures(): Array<{
  bench: string;
  commit: string;
  measuredAt: string;
  loadAverage: string;
  cores: number;
  figures: BenchFigure[];
  notes?: string;
}>;
