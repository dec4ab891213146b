// The machine's load average, printed with each benchmark so that no figure is read without it.
import { availableParallelism, loadavg } from 'node:os';

/** Busy: more runnable work than half the cores, averaged over the last minute. */
const BUSY_PER_CORE = 0.5;

export type MachineLoad = { oneMinute: number; fiveMinutes: number; cores: number; busy: boolean };

export function machineLoad(): MachineLoad {
  const [oneMinute = 0, fiveMinutes = 0] = loadavg();
  const cores = availableParallelism();
  return { oneMinute, fiveMinutes, cores, busy: oneMinute > BUSY_PER_CORE * cores };
}

/** One line for the benchmark's output: the load average now, and a warning when the machine is busy. */
export function describeLoad(load: MachineLoad = machineLoad()): string {
  const line = `load average ${load.oneMinute.toFixed(2)} (1 min), ${load.fiveMinutes.toFixed(2)} (5 min) on ${load.cores} cores`;
  if (!load.busy) return line;
  return (
    `${line}\n` +
    `WARNING: the machine is busy (more than ${BUSY_PER_CORE} runnable tasks per core): timings are slower ` +
    `and noisier than on a quiet machine. Compare variants within this run (they take turns), not with ` +
    `figures from other runs, and re-run on a quiet machine before recording absolute figures.`
  );
}

/** Prints the load now under a heading, and returns it, for a benchmark to report again at its end. */
export function printLoad(heading: string): MachineLoad {
  const load = machineLoad();
  console.log(`${heading}: ${describeLoad(load)}`);
  return load;
}
