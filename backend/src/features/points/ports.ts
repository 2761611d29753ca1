/** Entity names for the points history ("Kevin Bacon → Tom Hanks"), from the loaded graph (wired in services.ts). */
export interface EntityNames {
  /** The entity's name, or null when the graph does not hold it (or is not loaded yet). */
  nameOf(key: string): string | null;
}
