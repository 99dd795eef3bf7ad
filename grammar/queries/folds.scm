; Folds: regions and blocks, functions and modules, attribute dictionaries
; and properties (long ones span lines), and the file's metadata.
; (Editors fold only what spans more than one line.)
[
  (region)
  (block)
  (func_operation)
  (module_operation)
  (attribute_dictionary)
  (properties)
  (custom_braces)
  (file_metadata)
  (metadata_dictionary)
] @fold
