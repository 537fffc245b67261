import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Collection,
  CollectionItemType,
  CollectionTheme,
  CollectionUpdated,
  NewCollection,
} from "@modelhub/api-types";
import { requestJson } from "../api-client.js";
import { collectionApiPaths } from "./paths.js";

const ALL_KEY = ["collections"];
const oneKey = (slug: string) => ["collections", "one", slug.split("-").pop()];

export function useCollection(slug: string) {
  return useQuery({
    queryKey: oneKey(slug),
    queryFn: ({ signal }) => requestJson<Collection>(collectionApiPaths.one(slug), { signal }),
    retry: false,
  });
}

/** Collections of some owners and/or holding an item (`models/owner/name`), newest change first. */
export function useCollections(filters: { owner?: string[]; item?: string }, enabled = true) {
  return useQuery({
    queryKey: [...ALL_KEY, "list", filters],
    queryFn: ({ signal }) =>
      requestJson<Collection[]>(collectionApiPaths.list(), {
        signal,
        query: { owner: filters.owner, item: filters.item, limit: 100 },
      }),
    enabled,
    retry: false,
  });
}

export function createCollection(input: NewCollection): Promise<Collection> {
  return requestJson<Collection>(collectionApiPaths.list(), { json: input });
}

export function addCollectionItem(
  slug: string,
  item: { id: string; type: CollectionItemType },
  note?: string,
): Promise<Collection> {
  return requestJson<Collection>(collectionApiPaths.items(slug), { json: { item, note } });
}

export interface CollectionChanges {
  title?: string;
  description?: string;
  private?: boolean;
  theme?: CollectionTheme;
}

/** Every change to one collection; each refreshes it and the lists it appears in. */
export function useCollectionChanges(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ALL_KEY });
  return {
    update: useMutation({
      mutationFn: (changes: CollectionChanges) =>
        requestJson<CollectionUpdated>(collectionApiPaths.one(slug), { method: "PATCH", json: changes }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => requestJson<unknown>(collectionApiPaths.one(slug), { method: "DELETE" }),
      onSuccess: refresh,
    }),
    updateItem: useMutation({
      mutationFn: (input: { itemId: string; note?: string; position?: number }) =>
        requestJson<unknown>(collectionApiPaths.item(slug, input.itemId), {
          method: "PATCH",
          json: { note: input.note, position: input.position },
        }),
      onSuccess: refresh,
    }),
    removeItem: useMutation({
      mutationFn: (itemId: string) =>
        requestJson<unknown>(collectionApiPaths.item(slug, itemId), { method: "DELETE" }),
      onSuccess: refresh,
    }),
  };
}

export function useRefreshCollections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ALL_KEY });
}
