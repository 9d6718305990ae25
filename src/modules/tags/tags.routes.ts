import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { Database } from "../../platform/db.js";
import { listTags } from "./tags.repository.js";
import { createTagBody, tagIdParams, tagSchema, updateTagBody } from "./tags.schemas.js";
import type { TagService } from "./tags.service.js";

export function tagReadRoutes(deps: { db: Database }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/tags",
      tag: "Tags",
      summary: "Tags of the tenant",
      access: "qa.read",
      response: z.array(tagSchema),
      handler: ({ ctx }) => listTags(deps.db, ctx.tenant.id),
    }),
  ];
}

export function tagAdminRoutes(deps: { tags: TagService }): AnyRoute[] {
  const { tags } = deps;
  return [
    route({
      method: "post",
      path: "/admin/tags",
      tag: "Tags",
      summary: "Create a tag",
      description: "Names are unique per tenant, ignoring case (409 DUPLICATE). Colours are hex, #rgb or #rrggbb (stored as #rrggbb).",
      access: "admin.access",
      body: createTagBody,
      status: 201,
      response: tagSchema,
      handler: ({ ctx, body }) => tags.create(ctx, body),
    }),
    route({
      method: "put",
      path: "/admin/tags/:id",
      tag: "Tags",
      summary: "Rename or recolour a tag",
      description: "The `Currently Presenting` tag may be recoloured but not renamed (409 PROTECTED_TAG).",
      access: "admin.access",
      params: tagIdParams,
      body: updateTagBody,
      response: tagSchema,
      handler: ({ ctx, params, body }) => tags.update(ctx, params.id, body),
    }),
    route({
      method: "delete",
      path: "/admin/tags/:id",
      tag: "Tags",
      summary: "Delete a tag (it is removed from every question)",
      description: "The `Currently Presenting` tag cannot be deleted (409 PROTECTED_TAG).",
      access: "admin.access",
      params: tagIdParams,
      status: 204,
      handler: ({ ctx, params }) => tags.remove(ctx, params.id),
    }),
  ];
}
