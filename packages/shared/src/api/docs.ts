import { defineRoutes } from './operation.ts';

/** This contract as an OpenAPI 3.1 document, and a reference page that reads it. */
export const docsRoutes = defineRoutes('docs', {
  openapi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document (304 when unchanged, by ETag)',
    access: 'public',
    status: 200,
    otherStatuses: [304],
  },
  page: {
    method: 'GET',
    path: '/api/docs',
    summary: 'The API reference page (Swagger UI)',
    access: 'public',
    status: 200,
    answer: 'html',
  },
  asset: {
    method: 'GET',
    path: '/api/docs/assets/:file',
    summary: "The reference page's scripts and styles",
    access: 'public',
    status: 200,
    answer: 'asset',
  },
});
