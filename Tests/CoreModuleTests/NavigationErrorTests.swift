@_spi(Rules) import CoreModule
import Testing

/// Every navigation error: the exact error value, an unchanged tree, no transition event, and one
/// failure reported to observers (see `expectRejected`).
@MainActor
@Suite("Bad navigation gets a typed error and changes nothing")
struct NavigationErrorTests {
    // MARK: Before any root

    @Test(
        "everything but root needs a root first",
        arguments: [
            (ApplicationTransitionType.push(scene: "A2"), TransitionEvent.Kind.push),
            (.present(scene: "B1"), .present),
            (.pop(), .pop),
            (.popToRoot(), .popToRoot),
            (.popTo(scene: "A1"), .popTo),
            (.dismiss(), .dismiss),
            (.dismissAll(), .dismissAll),
        ])
    func needsRoot(request: ApplicationTransitionType, kind: TransitionEvent.Kind) throws {
        let coordinator = try makeCoordinator()
        expectRejected(request, on: coordinator, with: .refused(.noRoot(kind)))
        #expect(coordinator.tree.isEmpty)
    }

    // MARK: Scenes

    @Test("an unknown scene suggests the closest registered names")
    func unknownSceneSuggestsNames() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        expectRejected(
            .push(scene: "A3"), on: coordinator,
            with: .unknownScene("A3", suggestions: ["A1", "A2"]))
        expectRejected(
            .present(scene: "b2"), on: coordinator,
            with: .unknownScene("b2", suggestions: ["B2"]))
        expectRejected(
            .root(scene: "Checkout"), on: coordinator,
            with: .unknownScene("Checkout", suggestions: []))
    }

    @Test("an unknown scene's message names it and its suggestions")
    func unknownSceneMessage() throws {
        let coordinator = try makeCoordinator(["Login", "Signup", "Home"])
        let expected = NavigationError.unknownScene("Logn", suggestions: ["Login"])
        expectRejected(.root(scene: "Logn"), on: coordinator, with: expected)
        #expect(coordinator.tree.isEmpty)
        #expect(
            expected.description
                == "No builder is registered for scene \"Logn\". Did you mean \"Login\"?")
    }

    @Test(
        "a malformed scene name is reported as malformed, not as unknown",
        arguments: [
            ("", NavigationError.IdentifierProblem.empty),
            (" A1", .whitespace(position: 1)),
            ("A 1", .whitespace(position: 2)),
            ("A1\n", .whitespace(position: 3)),
            ("A\u{0}1", .controlCharacter(position: 2)),
            ("A\u{1B}1", .controlCharacter(position: 2)),
            ("A\u{200B}1", .invisibleCharacter(position: 2)),
        ])
    func malformedScene(name: String, problem: NavigationError.IdentifierProblem) throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let scene = SceneIdentifier(name)
        let expected = NavigationError.input(.invalidSceneIdentifier(scene, problem: problem))
        expectRejected(.push(scene: scene), on: coordinator, with: expected)
        expectRejected(.present(scene: scene), on: coordinator, with: expected)
        expectRejected(.root(scene: scene), on: coordinator, with: expected)
        try coordinator.navigate(.push(scene: "A2"))
        expectRejected(.popTo(scene: scene), on: coordinator, with: expected)
    }

    @Test("a 100,000-character name is rejected and its message stays short")
    func hugeName() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let scene = SceneIdentifier(String(repeating: "x", count: 100_000))
        let expected = NavigationError.input(
            .invalidSceneIdentifier(
                scene, problem: .tooManyBytes(count: 100_000, limit: 1_024)))
        expectRejected(.push(scene: scene), on: coordinator, with: expected)
        #expect(expected.description.count < 250)
        #expect(expected.description.contains("(100000 bytes)"))
        #expect(expected.description.contains("over the limit of 1024 bytes"))
    }

    @Test("a name of a few characters but megabytes of combining marks is rejected by its bytes")
    func heavyCharacters() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        // Three characters: each a letter carrying 350,000 combining acute accents (700 KB).
        let marks = String(repeating: "\u{301}", count: 350_000)
        let scene = SceneIdentifier("a" + marks + "b" + marks + "c")
        let expected = NavigationError.input(
            .invalidSceneIdentifier(
                scene, problem: .tooManyBytes(count: scene.rawValue.utf8.count, limit: 1_024)))
        expectRejected(.push(scene: scene), on: coordinator, with: expected)
        // The message quotes at most 32 Unicode scalars, so it stays short.
        #expect(expected.description.utf8.count < 300)
    }

    @Test("a 100,000-character CJK name is rejected by its byte count, without counting it")
    func hugeCJKName() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let scene = SceneIdentifier(String(repeating: "画", count: 100_000))
        let expected = NavigationError.input(
            .invalidSceneIdentifier(
                scene, problem: .tooManyBytes(count: 300_000, limit: 1_024)))
        expectRejected(.push(scene: scene), on: coordinator, with: expected)
        #expect(expected.description.contains("(300000 bytes)"))
    }

    @Test("a builder that throws fails the navigation with its reason")
    func builderFailure() throws {
        let container = try makeContainer()
        try container.assemble(contentsOf: [FailingBuilder(sceneIdentifier: "Broken")])
        let coordinator = AppCoordinator(container: container)
        expectRejected(
            .root(scene: "Broken"), on: coordinator,
            with: .builderFailed("Broken", reason: "the network is down"))
        try coordinator.navigate(.root(scene: "A1"))
        expectRejected(
            .push(scene: "Broken"), on: coordinator,
            with: .builderFailed("Broken", reason: "the network is down"))
        expectRejected(
            .present(scene: "Broken"), on: coordinator,
            with: .builderFailed("Broken", reason: "the network is down"))
    }

    @Test("a failed build uses up its identity, so a context it kept never names a later screen")
    func failedBuildUsesUpItsIdentity() throws {
        let container = try makeContainer()
        let kept = ContextBox()
        try container.assemble(
            contentsOf: [
                SceneBuilder("Grabby") { context in
                    kept.context = context
                    throw StubFailure(message: "not today")
                }
            ])
        let coordinator = AppCoordinator(container: container)
        try coordinator.navigate(.root(scene: "A1"))
        expectRejected(
            .push(scene: "Grabby"), on: coordinator,
            with: .builderFailed("Grabby", reason: "not today"))
        try coordinator.navigate(.push(scene: "A2"))
        #expect(coordinator.tree.screens.map(\.id) == [ScreenID(1), ScreenID(3)])
        #expect(kept.context?.screen == ScreenID(2))
    }

    // MARK: Structure

    @Test("pop never removes a stack's first screen")
    func popAtFirstScreen() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("A1", kind: .pop)))
        try coordinator.navigate(.push(scene: "A2"))
        try coordinator.navigate(.present(scene: "B1"))
        expectRejected(
            .pop(), on: coordinator, with: .refused(.cannotPopFirstScreen("B1", kind: .pop)))
    }

    @Test("pop to a scene that is not below the top names the scene and the stack")
    func popToMissingScene() throws {
        let coordinator = try makeCoordinator(setup: [
            .root(scene: "A1"), .push(scene: "A2"), .present(scene: "B1"), .push(scene: "B2"),
        ])
        expectRejected(
            .popTo(scene: "A1"), on: coordinator,
            with: .refused(.sceneNotInStack("A1", stack: ["B1", "B2"])))
        // The visible screen itself is not "below the top".
        expectRejected(
            .popTo(scene: "B2"), on: coordinator,
            with: .refused(.sceneNotInStack("B2", stack: ["B1", "B2"])))
        expectRejected(
            .popTo(scene: "Nowhere"), on: coordinator,
            with: .refused(.sceneNotInStack("Nowhere", stack: ["B1", "B2"])))
    }

    @Test("dismiss needs a presented modal")
    func dismissWithNothingPresented() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1"), .push(scene: "A2")])
        expectRejected(
            .dismiss(), on: coordinator, with: .refused(.nothingToDismiss(visible: "A2")))
    }

    @Test("going home when already home succeeds, changes nothing and reports nothing")
    func goingHomeWhenHome() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        var guardCalls = 0
        coordinator.addGuard(
            NavigationGuard("counting") { _ in
                guardCalls += 1
                return .reject(reason: "no")
            })
        // A one-screen root stack: pop to root is already done, and nothing is presented.
        expectUnchanged(.popToRoot(), on: coordinator)
        expectUnchanged(.dismissAll(animated: true), on: coordinator)
        // A one-screen modal: pop to root is done there too, though a modal is presented.
        coordinator.removeGuard(named: "counting")
        try coordinator.navigate(.present(scene: "B1"))
        coordinator.addGuard(
            NavigationGuard("counting") { _ in
                guardCalls += 1
                return .reject(reason: "no")
            })
        expectUnchanged(.popToRoot(animated: false), on: coordinator)
        #expect(guardCalls == 0, "nothing leaves, so no guard is asked")
        // With a modal presented, dismiss all is not a no-op: the guard is asked, and refuses.
        expectRejected(
            .dismissAll(), on: coordinator,
            with: .guarded(
                .rejectedByGuard(name: "counting", kind: .dismissAll, scene: "B1", reason: "no")))
    }

    @Test("a screen's context and a flow get nil for a request that is already satisfied")
    func contextGetsNil() throws {
        let coordinator = try makeCoordinator(setup: [.root(scene: "A1")])
        let screen = try #require(coordinator.tree.visibleScreen?.content as? StubScreen)
        #expect(try screen.context.navigate(.popToRoot()) == nil)
        #expect(try screen.context.navigate(.dismissAll()) == nil)
        #expect(coordinator.tree.scenes == [["A1"]])
    }

    // MARK: Messages

    @Test("every error reads as a full sentence that names its values")
    func messagesAreSentences() {
        let cases: [(NavigationError, String)] = [
            (
                .misuse(.duplicateRegistration("A1")),
                "A builder for scene \"A1\" is already registered"
            ),
            (.misuse(.mismatchedRegistration(key: "A2", builderIdentifier: "A1")), "under \"A2\""),
            (.refused(.noRoot(.push)), "Cannot push: the window has no root yet"),
            (.refused(.cannotPopFirstScreen("A1", kind: .popToRoot)), "Cannot pop-to-root: \"A1\""),
            (.refused(.sceneNotInStack("X", stack: ["A1", "A2"])), "[A1, A2]"),
            (.refused(.nothingToDismiss(visible: "A2")), "visible scene is \"A2\""),
            (.builderFailed("B1", reason: "offline"), "scene \"B1\" failed: offline."),
            (.misuse(.reentrantNavigation(.push, during: .present)), "Cannot push while a present"),
            (
                .misuse(.coordinatorUnavailable(.navigate(.pop), .released)),
                "Cannot pop: the coordinator"
            ),
            (
                .misuse(.coordinatorUnavailable(.finish, .notAnAppCoordinator)),
                "Cannot finish the screen"
            ),
            (
                .misuse(.coordinatorUnavailable(.navigate(.push), .flowFinished)),
                "the flow has finished"
            ),
            (
                .misuse(
                    .coordinatorUnavailable(.navigateForResult(.present), .notAnAppCoordinator)),
                "Cannot present for a result: the context's coordinator is another"
            ),
            (
                .misuse(
                    .coordinatorUnavailable(.continueRedirectedNavigation, .notAnAppCoordinator)),
                "such as a test double, which only navigates"
            ),
            (
                .input(.invalidSceneIdentifier("", problem: .empty)),
                "\"\" is not valid: it is empty."
            ),
            (.unknownScene("A3", suggestions: ["A1"]), "Did you mean \"A1\"?"),
            (
                .input(.missingParameter(scene: "Order", name: "id")),
                "parameter \"id\", which was not"
            ),
            (
                .input(
                    .malformedParameter(scene: "Order", name: "id", value: "x7", expected: .int)),
                "but it is \"x7\""
            ),
            (.link(.invalidLink(.empty)), "The link cannot be opened: it is empty."),
            (
                .link(
                    .linkSegmentFailed(position: 2, segment: "A3", error: .refused(.noRoot(.push)))),
                "screen 2, \"A3\", failed."
            ),
            (.snapshot(.unsupportedVersion(found: 4, supported: 3)), "format version 4"),
            (
                .snapshot(
                    .restorationFailed(position: 1, scene: "Gone", error: .refused(.noRoot(.push)))),
                "screen 1, \"Gone\", failed."
            ),
            (
                .guarded(
                    .rejectedByGuard(name: "auth", kind: .push, scene: "A2", reason: "signed out")),
                "guard \"auth\" rejected it: signed out."
            ),
            (.guarded(.redirectLoop(chain: [.push(scene: "A1")])), "redirected in a loop"),
            (
                .guarded(
                    .leavingVetoed(scene: "Keep", screen: ScreenID(2), reason: "it is unsaved")),
                "Cannot leave \"Keep\" #2"
            ),
            (
                .refused(.reportedScreenGone(ScreenID(4))),
                "reported screen #4, but it is not in the tree"
            ),
            (
                .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .pop, visible: ScreenID(2))),
                "a pop of screen #1, but the visible screen is #2"
            ),
            (.misuse(.flowKeyInUse("checkout")), "key \"checkout\""),
            (.misuse(.missingService(type: "Clock")), "type Clock"),
            (.refused(.finishingScreenNotVisible(ScreenID(1), visible: ScreenID(2))), "#2 is"),
            (.refused(.noTabs), "A tab container needs at least one tab."),
            (.refused(.duplicateTabName("home")), "Two tabs are named \"home\""),
            (
                .input(.invalidTabName("my home")),
                "Tab name \"my home\" is not valid: a tab name is 1 to 64"
            ),
            (
                .refused(.unknownTab("mroe", tabs: ["home", "more"])),
                "Did you mean \"more\"? The tabs are \"home\" and \"more\"."
            ),
            (.refused(.unknownTab("home", tabs: [])), "the window's root is not a tab container."),
            (.refused(.tabBarCovered(tab: "more", modal: "B2")), "the modal \"B2\" covers it."),
            (
                .refused(.notDismissibleByUser(ScreenID(3), style: .fullScreenCover)),
                "its style (full-screen) does not let the user dismiss it."
            ),
            (
                .refused(
                    .notDismissibleByUser(ScreenID(3), style: .sheet(interactiveDismissal: false))),
                "its style (sheet, not swipeable)"
            ),
            (
                .refused(.emptyStack(.setStack)),
                "Cannot set-stack: a stack holds at least one screen."
            ),
            (
                .link(.noTabForLink("A2", tabs: ["home", "more"])),
                "starts with \"A2\", but no tab starts with that scene or hosts it; the tabs are "
                    + "\"home\" and \"more\"."
            ),
            (
                .refused(.invalidPresentationStyle(.sheet(detents: []))),
                "style .sheet(detents: [], interactiveDismissal: true)"
            ),
            (
                .refused(.invalidPresentationStyle(.popover(anchor: ""))),
                "style .popover(anchor: \"\")"
            ),
            (.snapshot(.rootAndTabs), "it has both a root stack and tabs."),
            (
                .input(.missingPayload(scene: "Product", expected: "Item")),
                "needs a payload of type Item, and the navigation carried none."
            ),
            (
                .input(.wrongPayloadType(scene: "Product", expected: "Item", given: "Int")),
                "carried a Int."
            ),
            (
                .link(.linkNeedsPayload(scene: "Product", screen: ScreenID(3))),
                "No link can name screen \"Product\" #3"
            ),
            (
                .link(.payloadNotSaved(scene: "Product", screen: ScreenID(3), type: "Item")),
                "register the type with PayloadTypes."
            ),
            (
                .input(.wrongResultType(screen: ScreenID(4), expected: "Color", given: "String")),
                "finished with a String; nothing left the tree."
            ),
            (
                .misuse(.observerNavigationLoop(limit: 50, kind: .push, scene: "A2")),
                "Cannot push \"A2\": observers already started 50 navigations"
            ),
            (
                .misuse(.observerNavigationLoop(limit: 3, kind: .replaceTree, scene: nil)),
                "Cannot replace-tree: observers already started 3 navigations"
            ),
            (
                .guarded(.asynchronousGuard(name: "session", kind: .push, scene: "B1")),
                "Cannot push \"B1\" synchronously: the asynchronous guard \"session\" must decide"
            ),
            (
                .guarded(
                    .navigationCancelled(
                        .transition(.push(scene: "B1")), by: .transition(.push(scene: "A2")))),
                "was cancelled by the newer request .push(scene: \"A2\""
            ),
            (
                .guarded(.navigationCancelled(.transition(.push(scene: "B1")), by: nil)),
                "was cancelled by its caller while a guard decided; nothing changed."
            ),
            (
                .guarded(
                    .guardTimedOut(name: "session", kind: .push, scene: "B1", limit: .seconds(10))),
                "did not answer within 10.0 seconds; nothing changed."
            ),
            (
                .guarded(
                    .navigationOriginGone(.transition(.push(scene: "B1")), origin: ScreenID(2))),
                "but screen #2, visible when it was asked, is no longer visible"
            ),
            (
                .link(.heldLinkReplaced("demo://open/A1", by: "demo://open/B1")),
                "the newer link \"demo://open/B1\" replaced it"
            ),
            (
                .link(.heldLinkFailed("demo://open/X", error: .refused(.noRoot(.push)))),
                "The held link \"demo://open/X\" could not be opened. Cannot push"
            ),
            (
                .link(.invalidLinkTable(.invalidRoute("inbox/:id", .unknownParent("inbox")))),
                "The link route \"inbox/:id\" is invalid: its parent \"inbox\" is no route of the table."
            ),
            (
                .link(
                    .unhandledLink(
                        NavigationError.UnhandledLink(
                            url: "https://evil.example.com/product/1",
                            reason: .notAccepted(scheme: "https", host: "evil.example.com")))),
                "is not handled: the app does not accept links from \"https://evil.example.com\"."
            ),
            (
                .link(.linkNotShareable(scene: "Debug", screen: ScreenID(3), route: "debug/menu")),
                "its route \"debug/menu\" is not reachable from outside the app."
            ),
            (
                .link(.linkNotShareable(scene: "Debug", screen: ScreenID(3), route: nil)),
                "no route of the link table opens that scene with its parameters."
            ),
            (
                .input(.invalidWindowID("")),
                "A window's identity has 1 to 256 bytes, and \"\" has 0: it cannot name a window."
            ),
            (
                .window(.unknownWindow("side", open: ["main", "orders"])),
                "No window \"side\" is open; the open windows are \"main\" and \"orders\"."
            ),
            (
                .window(.unknownWindow("side", open: [])),
                "No window \"side\" is open: no window is."
            ),
            (.window(.windowAlreadyOpen("main")), "The window \"main\" is already open."),
            (.window(.noActiveWindow), "addressed to the active window, and no window is open."),
            (.window(.windowClosed("main")), "The window \"main\" was closed"),
            (
                .refused(.noTabRoot(.addTab)),
                "Cannot add-tab: the root is a stack, not a tab container."
            ),
            (
                .refused(.tabIndexOutOfRange(index: 3, count: 1)),
                "Cannot add a tab at position 3: with 1 tabs, a new tab goes at 0 to 1."
            ),
            (
                .window(.windowBusy("main", during: .push)),
                "The window \"main\" cannot close while its push runs a builder, guard or veto"
            ),
            (
                .refused(.lastTab("home")),
                "Cannot remove the tab \"home\": it is the only one; set a new root instead."
            ),
            (
                .refused(.noSplitRoot(.showDetail)),
                "Cannot show-detail: the root is not a split; make one with split(primary:…) first."
            ),
            (
                .refused(.noSupplementaryColumn(.showSupplementary)),
                "Cannot show-supplementary: the split has two columns, no supplementary one"
            ),
            (
                .refused(.noDetailScreen(.replace)),
                "Cannot replace: the split's detail column shows nothing yet; show a detail first"
            ),
            (
                .refused(.invalidAlert(.moreThanOneCancelButton)),
                "Cannot show the alert or dialog: more than one button has the cancel role."
            ),
            (
                .refused(.alertIsPresented(.push, alert: "DiscardDraft")),
                "Cannot push while the alert \"DiscardDraft\" is presented: nothing is pushed,"
            ),
            (
                .refused(.notAnAlert(ScreenID(3))),
                "an answer to screen #3, which is no alert or confirmation dialog."
            ),
            (
                .refused(.noSuchAlertButton(ScreenID(4), button: 2, count: 2)),
                "a tap on button 2 of the alert #4, which has 2 buttons (0 to 1)."
            ),
            (
                .refused(.alertTextMismatch(ScreenID(4), given: 0, expected: 1)),
                "reported 0 texts for the alert #4, which has 1 text field."
            ),
            (
                .refused(.noSuchStack(StackID(9), kind: .push)),
                "Cannot push on stack s9: the tree has no such stack."
            ),
            (
                .refused(.noSuchStack(StackID(1), kind: .updateModal)),
                "Cannot update-modal on stack s1: it is not the stack of a shown sheet or popover"
            ),
        ]
        #expect(Set(cases.map { Self.caseIndex($0.0) }) == Set(0..<Self.caseCount))
        for (error, fragment) in cases {
            #expect(error.description.contains(fragment), "\(error.description)")
            #expect(
                error.description.hasSuffix(".") || error.description.hasSuffix("?"),
                "\(error.description)")
            #expect(error.description.first?.isUppercase == true, "\(error.description)")
        }
    }

    @Test("every error has a stable code, distinct per case")
    func codes() {
        let errors: [NavigationError] = [
            .unknownScene("A3", suggestions: []),
            .input(.invalidSceneIdentifier("", problem: .empty)),
            .misuse(.duplicateRegistration("A1")),
            .misuse(.mismatchedRegistration(key: "A", builderIdentifier: "B")),
            .refused(.noRoot(.push)), .refused(.cannotPopFirstScreen("A1", kind: .pop)),
            .refused(.sceneNotInStack("X", stack: [])), .refused(.nothingToDismiss(visible: "A1")),
            .builderFailed("A1", reason: "x"), .misuse(.reentrantNavigation(.push, during: .pop)),
            .misuse(.coordinatorUnavailable(.finish, .released)),
            .input(.missingParameter(scene: "A", name: "id")),
            .input(.malformedParameter(scene: "A", name: "id", value: "x", expected: .int)),
            .link(.invalidLink(.empty)),
            .link(.linkSegmentFailed(position: 1, segment: "A", error: .refused(.noRoot(.push)))),
            .snapshot(.unsupportedVersion(found: 2, supported: 1)),
            .snapshot(.restorationFailed(position: 1, scene: "A", error: .refused(.noRoot(.push)))),
            .guarded(.rejectedByGuard(name: "g", kind: .push, scene: "A", reason: "r")),
            .guarded(.redirectLoop(chain: [])),
            .guarded(.leavingVetoed(scene: "A", screen: ScreenID(1), reason: "r")),
            .refused(.reportedScreenGone(ScreenID(1))),
            .refused(.reportedScreenNotOnTop(ScreenID(1), kind: .pop, visible: ScreenID(2))),
            .misuse(.flowKeyInUse("k")), .misuse(.missingService(type: "T")),
            .refused(.finishingScreenNotVisible(ScreenID(1), visible: nil)), .refused(.noTabs),
            .misuse(.observerNavigationLoop(limit: 50, kind: .push, scene: "A")),
            .refused(.duplicateTabName("home")), .input(.invalidTabName("")),
            .refused(.unknownTab("x", tabs: [])),
            .refused(.tabBarCovered(tab: "more", modal: "B2")),
            .refused(.notDismissibleByUser(ScreenID(1), style: .fullScreenCover)),
            .refused(.emptyStack(.setStack)), .link(.noTabForLink("A2", tabs: ["home"])),
            .refused(.invalidPresentationStyle(.sheet(detents: []))), .snapshot(.rootAndTabs),
            .input(.missingPayload(scene: "P", expected: "T")),
            .input(.wrongPayloadType(scene: "P", expected: "T", given: "U")),
            .link(.linkNeedsPayload(scene: "P", screen: ScreenID(1))),
            .link(.payloadNotSaved(scene: "P", screen: ScreenID(1), type: "T")),
            .input(.wrongResultType(screen: ScreenID(1), expected: "T", given: "U")),
            .guarded(.asynchronousGuard(name: "g", kind: .push, scene: "A")),
            .guarded(.navigationCancelled(.transition(.pop()), by: nil)),
            .guarded(.guardTimedOut(name: "g", kind: .push, scene: "A", limit: .seconds(1))),
            .guarded(.navigationOriginGone(.transition(.pop()), origin: ScreenID(1))),
            .link(.heldLinkReplaced("a", by: "b")),
            .link(.heldLinkFailed("a", error: .refused(.noRoot(.push)))),
            .link(.invalidLinkTable(.noOrigins)),
            .link(
                .unhandledLink(NavigationError.UnhandledLink(url: "x", reason: .noRoute(path: "x")))
            ),
            .link(.linkNotShareable(scene: "P", screen: ScreenID(1), route: nil)),
            .input(.invalidWindowID("")), .window(.unknownWindow("w", open: [])),
            .window(.windowAlreadyOpen("w")),
            .window(.noActiveWindow), .window(.windowClosed("w")), .refused(.noTabRoot(.addTab)),
            .refused(.tabIndexOutOfRange(index: 3, count: 1)), .refused(.lastTab("home")),
            .window(.windowBusy("w", during: .push)), .refused(.noSplitRoot(.showDetail)),
            .refused(.noSupplementaryColumn(.split)), .refused(.noDetailScreen(.replace)),
            .refused(.invalidAlert(.noButtons)),
            .refused(.alertIsPresented(.present, alert: "Alert")),
            .refused(.notAnAlert(ScreenID(1))),
            .refused(.noSuchAlertButton(ScreenID(1), button: 1, count: 1)),
            .refused(.alertTextMismatch(ScreenID(1), given: 1, expected: 0)),
            .refused(.noSuchStack(StackID(1), kind: .pop)),
        ]
        #expect(errors.count == Self.caseCount)
        #expect(Set(errors.map { Self.caseIndex($0) }) == Set(0..<Self.caseCount))
        #expect(Set(errors.map(\.code)).count == errors.count)
        #expect(errors.allSatisfy { !$0.code.isEmpty && !$0.code.contains(" ") })
        #expect(NavigationError.unknownScene("A3", suggestions: []).code == "unknown-scene")
        #expect(NavigationError.link(.noTabForLink("A2", tabs: [])).code == "no-tab-for-link")
    }

    @Test("every link and snapshot problem ends the error's sentence, distinct per case")
    func problemsEndSentences() {
        let linkProblems: [NavigationError.LinkProblem] = [
            .empty, .tooLong(length: 5_000, limit: 4_096),
            .unsupportedScheme(found: "http", expected: "demo"),
            .missingSchemeSeparator(expected: "demo://open/"),
            .unexpectedHost(found: "x", expected: "open"), .noScreens,
            .tooManyScreens(count: 65, limit: 64),
            .tooManyParameters(position: 1, count: 17, limit: 16), .emptySegment(position: 2),
            .modalWithoutScene(position: 2), .modalBeforeRoot,
            .badPercentEncoding(position: 1, segment: "A%"),
            .malformedParameter(position: 1, text: "x"),
            .repeatedParameter(position: 1, name: "id"),
            .invalidCharacter(position: 1, segment: "A 1"), .unclosedAttributes(position: 2),
            .unknownAttribute(position: 2, text: "tiny"), .misplacedAttributes(position: 2),
            .misplacedTab(position: 2), .repeatedTab(position: 2, name: "home"),
            .twoSelectedTabs(position: 3), .badQueryItem(text: "ref=%zz"),
            .repeatedQueryItem(name: "ref"), .queryItemNamesCapture(name: "id"), .noScheme,
        ]
        let snapshotProblems: [NavigationError.SnapshotProblem] = [
            .unsupportedVersion(found: 4, supported: 3), .tooManyScreens(count: 513, limit: 512),
            .tooManyTabs(count: 17, limit: 16), .tooManyModals(count: 33, limit: 32),
            .tooManyParameters(scene: "A1", count: 65, limit: 64),
            .selectedTabOutOfRange(index: 2, count: 2), .duplicateTabName("home"),
            .invalidTabName("my home"), .rootAndTabs, .modalsWithoutRoot, .emptyStack,
            .invalidStyle(.sheet(detents: [])), .unknownPayloadType("product"),
            .unreadablePayload(type: "product", reason: "the data is not JSON"),
            .tooManyBytes(count: 2_000_000, limit: 1_048_576), .unreadable(reason: "not JSON"),
        ]
        #expect(Set(linkProblems.map(Self.caseIndex)) == Set(0..<25))
        #expect(Set(snapshotProblems.map(Self.caseIndex)) == Set(0..<16))
        // Each rule has its own stable code: its case's name, in lower case with dashes.
        let codes =
            linkProblems.map { NavigationError.Problem(.link($0)).code }
            + snapshotProblems.map { NavigationError.Problem(.snapshot($0)).code }
        #expect(Set(codes.prefix(linkProblems.count)).count == linkProblems.count)
        #expect(Set(codes.suffix(snapshotProblems.count)).count == snapshotProblems.count)
        #expect(codes.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } }, "\(codes)")
        #expect(codes.contains("empty-segment") && codes.contains("query-item-names-capture"))
        #expect(codes.contains("unsupported-version") && codes.contains("modals-without-root"))
        let problems =
            linkProblems.map { ($0.description, NavigationError.link(.invalidLink($0))) }
            + snapshotProblems.map { ($0.description, NavigationError.snapshot($0)) }
        for (problem, error) in problems {
            #expect(problem.first?.isLowercase == true, "\(problem)")
            #expect(!problem.hasSuffix("."), "\(problem)")
            // An unsupported version has the error's own sentence (see `descriptions`).
            if error.code == "unsupported-snapshot-version" { continue }
            #expect(error.description.hasSuffix(problem + "."), "\(error)")
        }
        #expect(Set(problems.map(\.0)).count == problems.count)
    }

    /// The position of a link problem's case; a new case does not compile until listed.
    static func caseIndex(_ problem: NavigationError.LinkProblem) -> Int {
        switch problem {
        case .empty: return 0
        case .tooLong: return 1
        case .unsupportedScheme: return 2
        case .missingSchemeSeparator: return 3
        case .unexpectedHost: return 4
        case .noScreens: return 5
        case .tooManyScreens: return 6
        case .tooManyParameters: return 7
        case .emptySegment: return 8
        case .modalWithoutScene: return 9
        case .modalBeforeRoot: return 10
        case .badPercentEncoding: return 11
        case .malformedParameter: return 12
        case .repeatedParameter: return 13
        case .invalidCharacter: return 14
        case .unclosedAttributes: return 15
        case .unknownAttribute: return 16
        case .misplacedAttributes: return 17
        case .misplacedTab: return 18
        case .repeatedTab: return 19
        case .twoSelectedTabs: return 20
        case .badQueryItem: return 21
        case .repeatedQueryItem: return 22
        case .queryItemNamesCapture: return 23
        case .noScheme: return 24
        }
    }

    /// The position of a snapshot problem's case; a new case does not compile until listed.
    static func caseIndex(_ problem: NavigationError.SnapshotProblem) -> Int {
        switch problem {
        case .unsupportedVersion: return 0
        case .tooManyScreens: return 1
        case .tooManyTabs: return 2
        case .tooManyModals: return 3
        case .tooManyParameters: return 4
        case .selectedTabOutOfRange: return 5
        case .duplicateTabName: return 6
        case .invalidTabName: return 7
        case .rootAndTabs: return 8
        case .modalsWithoutRoot: return 9
        case .emptyStack: return 10
        case .invalidStyle: return 11
        case .unknownPayloadType: return 12
        case .unreadablePayload: return 13
        case .tooManyBytes: return 14
        case .unreadable: return 15
        case NavigationError.SnapshotProblem.restorationFailed: return 16
        }
    }

    /// The number of cases of `NavigationError`.
    static let caseCount = 68

    /// The position of `error`'s case among all the cases.
    ///
    /// The switch has no `default`, so a new case does not compile until it is listed here;
    /// `caseCount` then grows, and the tests above fail until they hold an example of it.
    static func caseIndex(_ error: NavigationError) -> Int {
        switch error {
        case .unknownScene: return 0
        case .input(.invalidSceneIdentifier): return 1
        case .misuse(.duplicateRegistration): return 2
        case .misuse(.mismatchedRegistration): return 3
        case .refused(.noRoot): return 4
        case .refused(.cannotPopFirstScreen): return 5
        case .refused(.sceneNotInStack): return 6
        case .refused(.nothingToDismiss): return 7
        case .builderFailed: return 8
        case .misuse(.reentrantNavigation): return 9
        case .misuse(.coordinatorUnavailable): return 10
        case .input(.missingParameter): return 11
        case .input(.malformedParameter): return 12
        case .link(.invalidLink): return 13
        case .link(.linkSegmentFailed): return 14
        case .snapshot(let problem):
            switch problem.detail {
            case .snapshot(.unsupportedVersion): return 15
            case .snapshot(.restorationFailed): return 16
            default: return 34
            }
        case .guarded(.rejectedByGuard): return 17
        case .guarded(.redirectLoop): return 18
        case .guarded(.leavingVetoed): return 19
        case .refused(.reportedScreenGone): return 20
        case .refused(.reportedScreenNotOnTop): return 21
        case .misuse(.flowKeyInUse): return 22
        case .misuse(.missingService): return 23
        case .refused(.finishingScreenNotVisible): return 24
        case .refused(.noTabs): return 25
        case .refused(.duplicateTabName): return 26
        case .input(.invalidTabName): return 27
        case .refused(.unknownTab): return 28
        case .refused(.tabBarCovered): return 29
        case .refused(.notDismissibleByUser): return 30
        case .refused(.emptyStack): return 31
        case .link(.noTabForLink): return 32
        case .refused(.invalidPresentationStyle): return 33
        case .misuse(.observerNavigationLoop): return 35
        case .input(.missingPayload): return 36
        case .input(.wrongPayloadType): return 37
        case .link(.linkNeedsPayload): return 38
        case .link(.payloadNotSaved): return 39
        case .input(.wrongResultType): return 40
        case .guarded(.asynchronousGuard): return 41
        case .guarded(.navigationCancelled): return 42
        case .guarded(.guardTimedOut): return 43
        case .guarded(.navigationOriginGone): return 44
        case .link(.heldLinkReplaced): return 45
        case .link(.heldLinkFailed): return 46
        case .link(.invalidLinkTable): return 47
        case .link(.unhandledLink): return 48
        case .link(.linkNotShareable): return 49
        case .input(.invalidWindowID): return 50
        case .window(.unknownWindow): return 51
        case .window(.windowAlreadyOpen): return 52
        case .window(.noActiveWindow): return 53
        case .window(.windowClosed): return 54
        case .refused(.noTabRoot): return 55
        case .refused(.tabIndexOutOfRange): return 56
        case .refused(.lastTab): return 57
        case .window(.windowBusy): return 58
        case .refused(.noSplitRoot): return 59
        case .refused(.noSupplementaryColumn): return 60
        case .refused(.noDetailScreen): return 61
        case .refused(.invalidAlert): return 62
        case .refused(.alertIsPresented): return 63
        case .refused(.notAnAlert): return 64
        case .refused(.noSuchAlertButton): return 65
        case .refused(.alertTextMismatch): return 66
        case .refused(.noSuchStack): return 67
        }
    }
}

/// Holds a context a builder kept.
@MainActor
private final class ContextBox {
    var context: SceneContext?
}
