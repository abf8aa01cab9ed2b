"""Labelled tray photographs from a physically based path tracer, for training and judging a
learned cube counter (issue 36): a renderer-independent scene sampler (`scene`), a Mitsuba 3
renderer (`pathtraced`, needs the ``render`` extra), a simulated camera (`camera`) and the
counting rule's labels (`labels`). Never imported by the product."""
