import type { FastifyInstance, FastifySchema } from 'fastify';

/** One registered route as the schema conformance test and the API document see it. */
export interface CataloguedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerRouteCatalogue, with the schema it declared (HEAD twins left out). */
    routeCatalogue: readonly CataloguedRoute[];
  }
}

/**
 * Lists every route with its schema, read by an onRoute hook so that a route added next month is in the list without
 * anyone remembering it. Call on the root instance before any route.
 */
export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema, public: !!route.config?.access?.public });
    }
  });
}
