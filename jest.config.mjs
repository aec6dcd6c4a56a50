// One Jest config for the workspace: TypeScript through SWC in ESM mode, workspace packages mapped to
// their sources so tests never depend on a prior build.
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'es6' },
}];

const base = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@exs/([a-z0-9-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@exs/([a-z0-9-]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  rootDir: import.meta.dirname,
};

export default {
  // Integration and e2e tests talk to real servers and processes on a shared 2-core machine.
  testTimeout: 60_000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{libs,services}/*/test/**/*.test.ts', '<rootDir>/test/deploy/**/*.test.ts'], testPathIgnorePatterns: ['\\.int\\.test\\.ts$'] },
    { ...base, displayName: 'integration', testMatch: ['<rootDir>/{libs,services}/*/test/**/*.int.test.ts'], globalSetup: '<rootDir>/test/setup/global-setup.mjs', globalTeardown: '<rootDir>/test/setup/global-teardown.mjs' },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'], globalSetup: '<rootDir>/test/setup/global-setup.mjs', globalTeardown: '<rootDir>/test/setup/global-teardown.mjs' },
  ],
};
