# The engine core's messages (en): what is wrong with a document's fields, the driver's refusals.
