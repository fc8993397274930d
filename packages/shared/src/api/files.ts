import { defineRoutes } from './operation.ts';

/**
 * Uploaded images and stored files (docs/decisions/003): an organisation's
 * logo and a profile's photo (multipart, one image of at most 5 MiB in
 * `file`), and the bytes of a stored file for whoever may read it.
 */
export const filesRoutes = defineRoutes('files', {
  setOrgLogo: {
    method: 'POST',
    path: '/api/orgs/:orgId/logo',
    summary: "Upload an organisation's logo (PNG, JPEG, WebP or GIF)",
    access: 'signedIn',
    status: 201,
    upload: 'multipart',
  },
  removeOrgLogo: {
    method: 'DELETE',
    path: '/api/orgs/:orgId/logo',
    summary: "Remove an organisation's logo (also when it has none)",
    access: 'signedIn',
    status: 204,
  },
  setProfilePhoto: {
    method: 'POST',
    path: '/api/profiles/:profileId/photo',
    summary: "Upload a profile's photo (PNG, JPEG, WebP or GIF)",
    access: 'signedIn',
    status: 201,
    upload: 'multipart',
  },
  removeProfilePhoto: {
    method: 'DELETE',
    path: '/api/profiles/:profileId/photo',
    summary: "Remove a profile's photo (also when it has none)",
    access: 'signedIn',
    status: 204,
  },
  get: {
    method: 'GET',
    path: '/api/files/:fileId',
    summary: "A stored file's bytes (sandboxed, never sniffed)",
    access: 'signedIn',
    status: 200,
    answer: 'file',
  },
});
