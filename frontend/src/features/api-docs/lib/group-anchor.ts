/** An id for a group's heading (anchors of the side index). */
export function groupAnchor(name: string): string {
  return `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}
