import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './pg.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

// One PostgreSQL and one migrated template per test run; each file copies the template.
export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  project.provide('templateDatabaseUrl', pg.templateUrl);
  return () => pg.stop();
}
