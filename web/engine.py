"""The only Python that touches the page: runs in PyScript's worker and hands the engine facade
to the page's JavaScript as ``sync.call(command, json) -> json`` (web/engine.js)."""

from pyscript import sync

from pygame_core.facade import call

sync.call = call
