// graphql-schema-linter against schema/schema.graphql (tests/api/test_generators.py): every rule
// of the pinned version but these, each switched off for the reason beside it.
const OFF = {
  // GameStatus' values are `ongoing` and `finished`, the same status strings REST answers; in
  // capitals they would be another public vocabulary, and renaming them breaks every client.
  "enum-values-all-caps": true,
  // ErrorCode and ProblemCode list codes in the order of the tables they come from (grouped by
  // the union member or the part of a verdict they belong to), which is how the docs read them.
  "enum-values-sorted-alphabetically": true,
  // Fields follow their meaning (a Position's state first, a move's kind first), not the alphabet.
  "type-fields-sorted-alphabetically": true,
  // No Relay connections here: every list is bounded by the game, so there is no PageInfo.
  "relay-page-info-spec": true,
};

const ALL = [
  "arguments-have-descriptions",
  "defined-types-are-used",
  "deprecations-have-a-reason",
  "descriptions-are-capitalized",
  "enum-values-all-caps",
  "enum-values-have-descriptions",
  "enum-values-sorted-alphabetically",
  "fields-are-camel-cased",
  "fields-have-descriptions",
  "input-object-fields-sorted-alphabetically",
  "input-object-values-are-camel-cased",
  "input-object-values-have-descriptions",
  "interface-fields-sorted-alphabetically",
  "relay-connection-arguments-spec",
  "relay-connection-types-spec",
  "relay-page-info-spec",
  "type-fields-sorted-alphabetically",
  "types-are-capitalized",
  "types-have-descriptions",
];

module.exports = { rules: ALL.filter((rule) => !OFF[rule]) };
