"""Animation as pure math over seconds: easing, tweens and waits, the cup's shake, the dice's
throw, and their turns in 3D. Never imports pygame.

The screen layer drives these with `update(dt)` each frame and reads the values back; nothing here
knows about surfaces, so the same animation plays the same at any frame rate and in headless tests.
"""

from game.anim import easing
from game.anim.shake import Shake
from game.anim.tween import Tween, Wait, lerp

__all__ = ["Shake", "Tween", "Wait", "easing", "lerp"]
