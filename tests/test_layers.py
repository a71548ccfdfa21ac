"""The core stays pure: importing it pulls in no UI, storage or higher layer."""

from __future__ import annotations

import subprocess
import sys


def test_core_imports_nothing_from_ui_storage_or_higher_layers():
    code = (
        "import sys\n"
        "import crib_trainer.core.cards, crib_trainer.core.rules\n"
        "import crib_trainer.core.show, crib_trainer.core.pegging\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'sqlite3', "
        "'numpy', 'pyperclip', 'platformdirs') or m.startswith(('crib_trainer.ui', "
        "'crib_trainer.storage', 'crib_trainer.training', 'crib_trainer.analysis', "
        "'crib_trainer.cli'))]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
