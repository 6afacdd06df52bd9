import {
  countriesResponseSchema,
  languagesResponseSchema,
  profileFieldsResponseSchema,
  themesResponseSchema,
  userFieldsUpdateSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { jsonOnce, sendJson } from '../../lib/json-once';
import { AUTH_ERRORS, bearer, errorResponses, noAuth } from '../../lib/route-schemas';
import { presentLocales } from './reference.presenter';
import { listCountries, listThemes, listUserFields, updateUserFields } from './reference.service';

/** Languages, countries, themes and custom profile fields. */
export default async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];
  const languages = jsonOnce(languagesResponseSchema, { data: presentLocales() });
  let countries: Promise<Buffer> | null = null;

  app.get(
    '/api/languages/supported',
    {
      schema: {
        tags,
        security: noAuth,
        summary: 'The 15 interface languages',
        response: { 200: languagesResponseSchema },
      },
    },
    async (_request, reply) => sendJson(reply, languages),
  );

  app.get(
    '/api/countries/all',
    {
      schema: {
        tags,
        security: noAuth,
        summary: 'Countries (nationality choices)',
        response: { 200: countriesResponseSchema },
      },
    },
    async (_request, reply) => {
      // countries change only with migrations and the seed, which run before the server listens
      countries ??= listCountries(app.db).then((data) => jsonOnce(countriesResponseSchema, { data }));
      return sendJson(
        reply,
        await countries.catch((err) => {
          countries = null;
          throw err;
        }),
      );
    },
  );

  app.get(
    '/api/themes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Themes of the signed-in user's customer",
        response: { 200: themesResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await listThemes(app.db, actorOf(request)) }),
  );

  app.get(
    '/api/user/fields',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The custom profile fields the user fills in (edit: true), with the user's values",
        response: { 200: profileFieldsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await listUserFields(app.db, actorOf(request), undefined, { editableOnly: true }) }),
  );

  app.get(
    '/api/user/allFields',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          "All the customer's custom profile fields with the user's values, those only a coach sets (edit: false) included",
        response: { 200: profileFieldsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await listUserFields(app.db, actorOf(request)) }),
  );

  app.post(
    '/api/user/fields',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Sets the user's custom profile field values; answers every field as GET /api/user/allFields does",
        body: userFieldsUpdateSchema,
        response: { 200: profileFieldsResponseSchema, ...errorResponses(...AUTH_ERRORS, 422) },
      },
    },
    async (request) => ({ data: await updateUserFields(app.db, actorOf(request), request.body.fields) }),
  );
}
