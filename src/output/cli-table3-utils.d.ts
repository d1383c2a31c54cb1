// Types for cli-table3's measuring helpers (src/output/table-draw.ts gives them our measure); cli-table3 types only its index.
declare module 'cli-table3/src/utils.js' {
  const utils: {
    strlen: (text: string) => number;
    colorizeLines: (lines: string[]) => string[];
    repeat: (text: string, times: number) => string;
    pad: (text: string, width: number, fill: string, align: string) => string;
    truncate: (text: string, width: number, truncateChar?: string) => string;
  };
  export default utils;
}
