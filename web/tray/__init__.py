"""The tower kit's web side: the tray's routes (simulated throws, camera photos and frames,
the verdict preview), mounted only when a registered game uses the tower."""
