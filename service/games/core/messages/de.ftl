# The engine core's messages (de): what is wrong with a document's fields, the driver's refusals.
