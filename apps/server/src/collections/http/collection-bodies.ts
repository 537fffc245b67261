import { z } from "zod";
import { COLLECTION_THEMES } from "../service.js";

/** Request bodies of the collection routes, with the Hub's limits (title 100, description 150, note 500). */

const title = z.string().trim().min(1, "title must not be empty").max(100, "title is at most 100 characters");
const description = z.string().max(150, "description is at most 150 characters");
const note = z.string().max(500, "note is at most 500 characters");
const position = z.number().int().min(0);

export const newCollectionBody = z.object({
  title,
  namespace: z.string().min(1).max(96).optional(),
  description: description.optional(),
  private: z.boolean().optional(),
});

export const collectionChangesBody = z.object({
  title: title.optional(),
  description: description.optional(),
  private: z.boolean().optional(),
  theme: z.enum(COLLECTION_THEMES).optional(),
  position: position.optional(),
});

export const newItemBody = z.object({
  item: z.object({
    id: z.string().min(1).max(200),
    type: z.enum(["model", "dataset", "space", "collection", "paper", "bucket"]),
  }),
  note: note.optional(),
});

export const itemChangesBody = z.object({
  note: note.optional(),
  position: position.optional(),
});
