import CEditLine
import RPNCore
