// A table cell cut short by its column shows its whole text: as a title on hover, and, being a
// tab stop, in full over the rows below when reached by keyboard (entity-table.css). Only cut
// cells are marked, so a table whose text fits adds no tab stops and no redundant tooltips.

export const isClipped = (cell: HTMLElement) => cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight;

/** Marks the clipped text cells under `root` (a row, or the body on hover) and unmarks the rest. */
export function markClipped(root: ParentNode): void {
  const cells = Array.from(root.querySelectorAll<HTMLElement>('.admin-cell-clip'));
  // Every width read first, then every write: one layout for the row, not one per cell.
  const clipped = cells.map(isClipped);
  cells.forEach((cell, index) => {
    if (clipped[index]) {
      cell.title = cell.textContent ?? '';
      cell.tabIndex = 0;
    } else {
      cell.removeAttribute('title');
      cell.removeAttribute('tabindex');
    }
  });
}
