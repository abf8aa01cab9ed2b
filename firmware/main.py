"""Entry point on the board: run the tower sensor until power-off.

Ctrl-C from the host is disabled (a stray 0x03 byte must not stop the counting); use
the maintenance jumper on GP14 to get the REPL back for flashing.
"""

import machine
import micropython

from towerfw.board import Board
from towerfw.hw_rp2040 import Hardware


def main():
    hw = Hardware()
    if hw.maintenance():
        print("tower sensor: maintenance jumper set, REPL left free")
        return
    micropython.kbd_intr(-1)
    watchdog = machine.WDT(timeout=2000)
    board = Board(hw)
    while True:
        board.step()
        watchdog.feed()


main()
