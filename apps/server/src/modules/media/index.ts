import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import imageRoutes from './image.routes';
import { ImageService } from './image.service';
import mediaRoutes from './media.routes';
import vaultsRoutes from './vaults.routes';

// what the static plugin needs of media: who may read a private file under /files, and its headers
export { fileAccess, privateFileHeaders } from './file-access';

/**
 * Media, vault and image routes. Not wrapped in fastify-plugin on purpose: the multipart parser
 * registered here applies to these routes only; everywhere else non-JSON bodies stay 415.
 */
export default async function mediaModule(app: FastifyInstance) {
  const storage = app.storage;
  await app.register(multipart);
  await app.register(mediaRoutes, { storage });
  await app.register(vaultsRoutes, { storage });
  await app.register(imageRoutes, {
    images: new ImageService(storage, app.config.media.imageCacheDir, app.config.media.imageCacheBytes),
  });
}
