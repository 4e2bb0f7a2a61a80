import type { RouteDocs } from '../route-doc.ts';

const tag = 'Files';

/** Uploads (multipart; each kind's size limit is in api/middleware/body-limit.ts) and downloads. */
export const fileRoutes: RouteDocs = {
  'POST /api/file-uploads/attachment': {
    tag,
    summary: 'Upload an e-mail attachment',
    access: 'signedIn',
    upload: 'attachment',
    status: 201,
    returns: 'The stored file: id, name, type and size.',
  },
  'POST /api/file-uploads/file-upload-image': {
    tag,
    summary: 'Upload an image (activity pictures, logos)',
    access: 'signedIn',
    upload: 'file',
    status: 201,
    returns: 'The stored file.',
  },
  'POST /api/file-uploads/file-upload-document': {
    tag,
    summary: "Upload a document (a custom field's file answer)",
    access: 'signedIn',
    upload: 'file',
    status: 201,
    returns: 'The stored file.',
  },
  'POST /api/file-uploads/:fieldName': {
    tag,
    summary: "Upload one image under a form field's name",
    description: 'The multipart field carrying the file has the name given in the path.',
    access: 'signedIn',
    upload: '{fieldName}',
    status: 201,
    returns: 'The stored file.',
  },
  'GET /api/asset': {
    tag,
    summary: "A stored file; a private one only for its uploader and the organiser's admins",
    description: 'A private file asked for by anyone else is not found (404).',
    access: 'optional',
    query: { fileId: "The file's id." },
    returns: "The file's bytes, as the type checked on upload.",
    produces: 'application/octet-stream',
  },
  'GET /api/files/:id/:name': {
    tag,
    summary: "An organiser's public image (cacheable for ever)",
    access: 'public',
    returns: 'The image.',
    produces: 'application/octet-stream',
  },
};
