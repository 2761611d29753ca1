// Types of scripts/cluster.mjs for the TypeScript that drives a cluster (the browser test, bench:cluster).
export class ClusterError extends Error {}
export const TEMPLATE: string;
export function findNginx(): string | null;
export function renderTemplate(template: string, variables: Record<string, string | number>): string;
export function freePort(): Promise<number>;
export function checkPrerequisites(env?: NodeJS.ProcessEnv): Promise<string>;
export interface ReplicaHealth {
  status: 'ok' | 'degraded' | 'down';
  replica: string;
  graph: { status: string; entities: number; links: number; snapshotVersion?: string | null };
}
export function healthOf(url: string, init?: RequestInit): Promise<ReplicaHealth | null>;
export interface ClusterOptions {
  replicas?: number;
  proxyPort?: number;
  replicaPorts?: number[];
  dataDir?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  output?: (replicaId: string, line: string) => void;
}
export interface Cluster {
  url: string;
  dataDir: string;
  work: string;
  nginxConf: string;
  replicas: Array<{ id: string; port: number; url: string }>;
  pid(id: string): number | null;
  running(id: string): boolean;
  kill(id: string, signal?: NodeJS.Signals): Promise<void>;
  start(id: string): Promise<void>;
  restart(id: string): Promise<void>;
  rollingRestart(options?: { onReplica?: (id: string, ms: number) => void }): Promise<void>;
  stop(): Promise<void>;
}
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
