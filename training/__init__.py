"""The learned tray counter: model, data, training and its run-time inference (issue 36).

Only ``training.infer`` is meant to run in the product (OpenCV and NumPy); the rest needs the
``train`` extra (PyTorch) and is never imported by ``./run`` or ``./test``."""
