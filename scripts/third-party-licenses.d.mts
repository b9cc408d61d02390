// Types of third-party-licenses.mjs (for the TypeScript tests; the script is plain JavaScript).
export declare function bundledPackages(inputs: string[]): string[];
export declare function writeThirdPartyLicenses(root: string, folders: string[], file: string): string[];
