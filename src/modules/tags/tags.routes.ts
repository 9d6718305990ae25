import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { createTagBody, tagIdParams, tagSchema, updateTagBody } from "./tags.schemas.js";
import type { TagService } from "./tags.service.js";

export function tagReadRoutes(deps: { tags: TagService }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/tags",
      operationId: "listTags",
      tag: "Tags",
      summary: "Tags of the tenant",
      access: "qa.read",
      response: z.array(tagSchema),
      handler: ({ ctx }) => deps.tags.list(ctx),
    }),
  ];
}

export function tagAdminRoutes(deps: { tags: TagService }): AnyRoute[] {
  const { tags } = deps;
  return [
    route({
      method: "post",
      path: "/admin/tags",
      operationId: "createTag",
      tag: "Tags",
      summary: "Create a tag",
      description: "Names are unique per tenant, ignoring case (409 DUPLICATE). Colours are hex, #rgb or #rrggbb (stored as #rrggbb).",
      access: "admin.access",
      otherResponses: { 409: "DUPLICATE: the name is taken" },
      body: createTagBody,
      status: 201,
      response: tagSchema,
      handler: ({ ctx, body }) => tags.create(ctx, body),
    }),
    route({
      method: "put",
      path: "/admin/tags/:id",
      operationId: "updateTag",
      tag: "Tags",
      summary: "Rename or recolour a tag",
      description: "The `Currently Presenting` tag may be recoloured but not renamed (409 PROTECTED_TAG).",
      access: "admin.access",
      otherResponses: { 409: "DUPLICATE name, or PROTECTED_TAG" },
      params: tagIdParams,
      body: updateTagBody,
      response: tagSchema,
      handler: ({ ctx, params, body }) => tags.update(ctx, params.id, body),
    }),
    route({
      method: "delete",
      path: "/admin/tags/:id",
      operationId: "deleteTag",
      tag: "Tags",
      summary: "Delete a tag (it is removed from every question)",
      description: "The `Currently Presenting` tag cannot be deleted (409 PROTECTED_TAG).",
      access: "admin.access",
      otherResponses: { 409: "PROTECTED_TAG" },
      params: tagIdParams,
      status: 204,
      handler: ({ ctx, params }) => tags.remove(ctx, params.id),
    }),
  ];
}
