import { z } from "zod";
import { Meta } from "./meta.js";

const prefix = z
  .string()
  .regex(/^[a-z0-9-]*_?$/)
  .meta({
    description:
      "Key prefix of a shard: normalised characters (`a-z`, `0-9`, `-` between the two words of a pair key), with `_` at the end for the shard that holds exactly the key before it.",
    example: "bl",
  });

const index = z.int().nonnegative();

export const SearchIndex = z
  .strictObject({
    version: z.literal("v1"),
    format: z.literal(1).meta({ description: "Layout of the index; a new layout gets a new number." }),
    tokenizer: z.literal("slug-words").meta({
      description:
        "How text becomes keys: accents folded, lowercase, `&` spelled `and`, apostrophes dropped, every other run of characters that are not a-z or 0-9 separates words (the slug rule, split at its hyphens).",
    }),
    clinic_count: z.int().nonnegative(),
    key_limit: z.int().min(1).meta({
      description:
        "Clinics a key may have and still be listed in full; a key with more is common (listed in `common`) and its shard holds only its best `head_size` clinics.",
    }),
    head_size: z.int().min(1).meta({
      description: "Clinics kept for a common key and for a prefix shorter than a shard (a head shard).",
    }),
    pair_limit: z.int().min(1).meta({
      description:
        "Common keys with at most this many clinics are pairable: every clinic with two pairable keys a < b is also listed under the pair key `a-b`, so that a query made only of common words still finds it.",
    }),
    common: z.array(z.tuple([z.string(), index])).meta({
      description:
        "Common keys (more than `key_limit` clinics) with their number of clinics, sorted by key. Only their best `head_size` clinics are listed under them.",
    }),
    leaves: z.array(prefix).meta({
      description:
        "Prefixes of the leaf shards, sorted. Every key lives in exactly one leaf: the one whose prefix starts the key (or `{key}_` when the key itself was split from longer keys). Every proper prefix of a leaf is an internal node with a head shard.",
    }),
    states: z
      .array(z.tuple([z.string(), z.string(), z.string()]))
      .meta({ description: "The 50 states and DC as `[slug, code, name]`, for narrowing a query by state." }),
    paths: z
      .strictObject({
        leaf: z.string().meta({ example: "/search/t/{prefix}.json" }),
        head: z.string().meta({ example: "/search/p/{prefix}.json" }),
        clinic: z.string().meta({ example: "/clinic/{id}.json" }),
      })
      .meta({ description: "Path templates, relative to the base address." }),
    clinic_url: z.string().meta({
      description: "Template of a clinic's page on the site (`{state}` and `{city}` are slugs).",
      example: "https://urgentcare.example.org/clinics/{state}/{city}/{id}.html",
    }),
    meta: Meta,
  })
  .meta({
    id: "SearchIndex",
    description:
      "Root of the static search index: which shards exist and how to read them. A query reads this document (cache it) and one shard; docs/search.md describes the layout and the ranking.",
  });
export type SearchIndex = z.infer<typeof SearchIndex>;

export const SearchShard = z
  .strictObject({
    version: z.literal("v1"),
    kind: z.enum(["leaf", "head"]).meta({
      description:
        "`leaf`: every key starting with `prefix`, with its clinics; `head`: the best `head_size` clinics of every key starting with `prefix`, best first, for a prefix too short to have a leaf of its own.",
    }),
    prefix,
    cities: z
      .array(z.tuple([z.string(), z.string(), z.string()]))
      .meta({ description: "Cities referred to by `clinics`: `[state code, city slug, city name]`." }),
    networks: z.array(z.string()).meta({ description: "Networks referred to by `clinics`." }),
    clinics: z.array(z.tuple([z.string(), z.string(), index.nullable(), index, z.string().nullable()])).meta({
      description:
        "Hit records: `[id, name, network (index into networks, or null), city (index into cities), ZIP or null]`.",
    }),
    keys: z.record(z.string(), z.array(index)).meta({
      description:
        "Leaf only: each key of the shard with its clinics (indexes into `clinics`). Empty in a head.",
    }),
    truncated: z.array(z.string()).meta({
      description: "Keys of this shard that are common: their lists hold only the best `head_size` clinics.",
    }),
    meta: Meta,
  })
  .meta({ id: "SearchShard", description: "One shard of the static search index (a leaf or a head)." });
export type SearchShard = z.infer<typeof SearchShard>;
