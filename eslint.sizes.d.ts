/** The lists of files not yet split, read by scripts/size-limits.test.ts. */
export declare const filesStillTooLong: string[];
export declare const filesWithFunctionsStillTooLong: string[];
declare const sizes: object[];
export default sizes;
