"""The only Python that touches the page: hands the engine facade to the JavaScript front end."""

from pyodide.ffi import create_proxy
from pyscript import window

from pygame_core.facade import call

window.tidepoolEngine = create_proxy(call)
window.dispatchEvent(window.Event.new("tidepool:engine"))
