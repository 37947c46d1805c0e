"""The engine's PyScript worker script (index.html: ``<script type="py" worker name="engine">``,
configured by pyscript.toml): it exports the facade's entry point, which the page's JavaScript
calls as ``xworker.sync.call(command, payload_json) -> reply_json`` (web/engine.js)."""

from pygame_core.facade import call

__export__ = ["call"]
