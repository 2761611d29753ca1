import { cpus, freemem, loadavg, totalmem } from 'node:os';

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** 1-minute load average per core (capped at 1) and memory in use of the machine, 0..1. */
export function machineLoad(): { serverLoad: number; memoryUsage: number } {
  const cores = Math.max(1, cpus().length);
  const serverLoad = Math.min(1, Math.max(0, loadavg()[0]! / cores));
  const total = totalmem();
  const memoryUsage = total > 0 ? Math.min(1, Math.max(0, 1 - freemem() / total)) : 0;
  return { serverLoad: round4(serverLoad), memoryUsage: round4(memoryUsage) };
}
