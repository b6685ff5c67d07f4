"""Animation as pure math over seconds: easing, tweens, timelines, shakes. Never imports pygame.

The screen layer drives these with `update(dt)` each frame and reads the values back; nothing here
knows about surfaces, so the same animation plays the same at any frame rate and in headless tests.
"""

from game.anim import easing
from game.anim.shake import Shake, TumblePath, TumblePose, tumble
from game.anim.timeline import Call, Parallel, Sequence, Wait, stagger
from game.anim.tween import Step, Tween, Tweener, lerp

__all__ = [
    "Call",
    "Parallel",
    "Sequence",
    "Shake",
    "Step",
    "TumblePath",
    "TumblePose",
    "Tween",
    "Tweener",
    "Wait",
    "easing",
    "lerp",
    "stagger",
    "tumble",
]
