"""Shared pytest setup: make the repo root importable, so `import pygame_core` (and `import build`)
work from a plain checkout without installing anything."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
