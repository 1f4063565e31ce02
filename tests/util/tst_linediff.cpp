// The line diff behind the wire tabs' diff view.

#include "util/linediff.h"

#include <QTest>

using namespace tw::util;

class TestLineDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void identical()
    {
        const LineDiff d = diffLines("a\nb\nc", "a\nb\nc");
        QCOMPARE(d.added + d.removed, 0);
        QVERIFY(unifiedDiff(d, "x", "y").find("(identical)") != std::string::npos);
    }
    void change()
    {
        const LineDiff d = diffLines("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nD\ne\nf\ng\nh");
        QCOMPARE(d.added, 1);
        QCOMPARE(d.removed, 1);
        const std::string u = unifiedDiff(d, "openai", "anthropic", 1);
        QCOMPARE(u, std::string("--- openai\n+++ anthropic\n@@ -3,3 +3,3 @@\n c\n-d\n+D\n e\n"));
    }
    void insertsAndDeletes()
    {
        const LineDiff d = diffLines("1\n2\n3", "0\n1\n3\n4");
        QCOMPARE(d.added, 2);
        QCOMPARE(d.removed, 1);
        std::string rebuilt;
        for (const DiffLine& l : d.lines)
            if (l.kind != DiffLine::Kind::Removed)
                rebuilt += std::string(l.text) + "\n";
        QCOMPARE(rebuilt, std::string("0\n1\n3\n4\n"));
    }
    void boundedWork()
    {
        std::string a, b;
        for (int i = 0; i < 3000; ++i) {
            a += "a" + std::to_string(i) + "\n";
            b += "b" + std::to_string(i) + "\n";
        }
        const LineDiff d = diffLines(a, b, 100);
        QVERIFY(d.tooLarge);
    }
};

QTEST_GUILESS_MAIN(TestLineDiff)
#include "tst_linediff.moc"
