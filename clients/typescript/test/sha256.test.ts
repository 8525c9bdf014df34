// The persisted-query hash is the service's: sha256 of the query's UTF-8 bytes.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { sha256Hex } from "@regelwerk/client";

test("sha256Hex agrees with node:crypto at every padding boundary and beyond ASCII", () => {
  const texts = ["", "abc", "query { games { id } }", "Spielzug ä€𝄞", "x".repeat(100_000)];
  for (let n = 50; n <= 130; n++) texts.push("q".repeat(n));
  for (const text of texts) {
    assert.equal(sha256Hex(text), createHash("sha256").update(text, "utf8").digest("hex"), text);
  }
  assert.equal(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});
