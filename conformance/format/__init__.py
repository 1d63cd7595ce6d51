"""The scenario format: the case model (:mod:`conformance.format.model` and its parts), the
loader that reads case files into it, the JSON Schema's companions, and the features a case
needs, derived from its content. Data flows one way: a case file in, a :class:`Case` out."""
