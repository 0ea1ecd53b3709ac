// The two Node globals the client uses, declared here: Debian's TypeScript comes without
// @types/node, and the npm registry is not needed for so little.
declare const process: { argv: string[]; exit(code: number): never };
