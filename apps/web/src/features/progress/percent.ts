/** A share (0 to 1) as a whole percentage, as the chart, the table and the summary show it. */
export const percentOf = (share: number) => Math.round(share * 100);
