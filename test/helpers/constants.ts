/** Site address of every test build. */
export const SITE_URL = "https://urgentcare.example.org";

/** Options of the shared sample build: a fixed generation time, so that its bytes are reproducible. */
export const SAMPLE_BUILD = {
  siteUrl: SITE_URL,
  generatedAt: "2026-05-01T00:00:00Z",
  compression: "fast",
} as const;
