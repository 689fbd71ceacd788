/** What scripts/boundaries.test.ts reads of eslint.boundaries.js besides its configuration. */
export declare const writesTo: (table: string) => RegExp;
declare const boundaries: object[];
export default boundaries;
