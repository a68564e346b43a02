"""The ground every room stands on: the error types, the record decorator, lazy loading and
the packaged files' places. Nothing here imports another room of totemdeck."""
