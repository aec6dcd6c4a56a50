// Runs the deploy tests (helm chart) on their own, with the workspace's unit settings:
//   bash scripts/run npx jest -c test/deploy/jest.config.mjs
// (the root jest.config.mjs picks them up once its unit project matches <rootDir>/test/deploy/**/*.test.ts).
import root from '../../jest.config.mjs';

const unit = root.projects.find((p) => p.displayName === 'unit');

export default {
  ...unit,
  displayName: 'deploy',
  testMatch: ['<rootDir>/test/deploy/**/*.test.ts'],
  testPathIgnorePatterns: [],
};
