"""Running the engine under Pyodide in Node: the same playouts as in CPython (parity, bench)."""
