/** `items` cut into runs of `size` (the last may be shorter), in order: what one batch call may carry. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, c) => items.slice(c * size, (c + 1) * size));
}
