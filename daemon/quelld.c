#include "core/base.h"
int main(void) { return 0; }
